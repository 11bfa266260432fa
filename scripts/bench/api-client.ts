// A benchmark's client of the resource manager API, as the person `token` signs in as, in their first team.
export async function resourceManagerApi(serverUrl: string, token: string) {
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${serverUrl}/resource-manager/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const teams = (await (
    await fetch(`${serverUrl}/user/api/v1/teams`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { teams: Array<{ id: string }> };
  return { api, teamId: teams.teams[0]!.id };
}
