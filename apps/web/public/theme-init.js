// Runs before the app's CSS paints (a separate file: the CSP allows no inline scripts), so a dark
// device never flashes a white page. features/theme keeps it in step afterwards.
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
