// The few cookie rules a guest session needs: cookies kept per host of the real address (before any
// --base-url rewrite, so a test server sees what the real hosts would), set and cleared by
// Set-Cookie, sent back on every later request to that host.
export class CookieJar {
  readonly #byHost = new Map<string, Map<string, string>>();

  #cookies(url: string): Map<string, string> {
    const host = new URL(url).host;
    let cookies = this.#byHost.get(host);
    if (!cookies) {
      cookies = new Map();
      this.#byHost.set(host, cookies);
    }
    return cookies;
  }

  /** Keeps what the answer set; an empty value or a past Max-Age/Expires clears the cookie. */
  store(url: string, setCookies: string[]): void {
    const cookies = this.#cookies(url);
    for (const raw of setCookies) {
      const [pair = '', ...attributes] = raw.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.split('=').map((s) => s.trim());
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(v) < Date.now();
        return false;
      });
      if (value === '' || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  set(url: string, name: string, value: string): void {
    this.#cookies(url).set(name, value);
  }

  get(url: string, name: string): string | undefined {
    return this.#cookies(url).get(name);
  }

  header(url: string): string {
    return [...this.#cookies(url)].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
