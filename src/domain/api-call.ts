// "Show the API call": the curl command for what a form would send, to copy into a terminal or a script.
// The token is left to the shell ($IKIRERE_TOKEN, in double quotes so it expands); every other part is in
// single quotes, so nothing in a hostname or a TXT value is read by the shell.

export interface ApiRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  /** Absolute URL. */
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The token's placeholder: `export IKIRERE_TOKEN=…` first. */
export const TOKEN_VARIABLE = 'IKIRERE_TOKEN';

/** A word for a POSIX shell: in single quotes, each ' written as '\''. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlCommand(request: ApiRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  lines.push(`-H "Authorization: Bearer $${TOKEN_VARIABLE}"`);
  for (const [name, value] of Object.entries(request.headers ?? {}))
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) {
    lines.push(`-H ${shellQuote('Content-Type: application/json')}`);
    lines.push(`--data ${shellQuote(JSON.stringify(request.body))}`);
  }
  return lines.join(' \\\n  ');
}
