// The resource manager's API as the tests of real systems call it: JSON in and out with an API token; the
// answer's status and body (null when it has none).
export function resourceManagerApi(session: () => { url: string; token: string }) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { url, token } = session();
    const response = await fetch(`${url}/resource-manager/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
}
