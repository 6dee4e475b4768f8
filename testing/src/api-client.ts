/**
 * A small HTTP client that behaves like the web app: keeps cookies and sends the CSRF token header
 * on state-changing requests.
 */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The cookies as a `cookie` header, for a raw fetch (a download). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  // Test code reads arbitrary JSON answers; `any` keeps the assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    if (method !== 'GET' && !this.cookies.has('csrf_token')) await this.request('GET', '/api/csrf-token');
    const init: RequestInit = {
      method,
      headers: {
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(method !== 'GET' && this.cookies.has('csrf_token') ? { 'x-csrf-token': this.cookies.get('csrf_token') ?? '' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
    };
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body ?? {});
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}

/** A unique allowed sign-up address for a test. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gmail.com`;
export const GOOD_PASSWORD = 'Stories4ever!';

/** An API client of a new user (Ada Lovelace at a unique address starting with `emailPrefix`), signed up through the gateway. */
/** A person signed up through the gateway at `email` (Ada Park): their client, holding the session, and their id. */
export async function signedUpPerson(gatewayUrl: string, email: string): Promise<{ client: ApiClient; id: number }> {
  const client = new ApiClient(gatewayUrl);
  const response = await client.post('/api/users/register', { email, firstName: 'Ada', lastName: 'Park', password: GOOD_PASSWORD });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}, not 201: ${JSON.stringify(response.body)}`);
  return { client, id: response.body.user.id as number };
}

export async function signedUpClient(gatewayUrl: string, emailPrefix: string): Promise<ApiClient> {
  const client = new ApiClient(gatewayUrl);
  const reply = await client.post('/api/users/register', { email: uniqueEmail(emailPrefix), firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD });
  if (reply.status !== 201) throw new Error(`sign-up answered ${reply.status}, not 201`);
  return client;
}
