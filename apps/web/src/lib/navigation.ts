// Code outside React (the API client) must send the user to /login or an error page. The router
// registers its navigate function here at start-up, so lib/ never imports app/.
export type Navigate = (to: string, options?: { state?: unknown; replace?: boolean }) => void;

let current: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export const navigate: Navigate = (to, options) => current(to, options);
