// Runs before the app's CSS paints (a separate file: the CSP allows no inline scripts), so a dark
// device never flashes a white page. features/theme keeps it in step afterwards.
// It also says whether the sign-in screen kept as HTML in index.html is the page's (data-shell):
// /login, or a signed-out visit to a page that sends there (/, /a, /w); app/styles.css hides it
// everywhere else.
(() => {
  let signedIn = false;
  try {
    signedIn = localStorage.getItem('auth') !== null;
  } catch {}
  const path = location.pathname;
  if (path === '/login' || (!signedIn && /^\/([aw](\/.*)?)?$/.test(path))) {
    document.documentElement.dataset.shell = 'login';
  }
})();
(() => {
  let choice = 'system';
  try {
    choice = localStorage.getItem('kete:theme') || 'system';
  } catch {}
  const dark =
    choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
