// The falling-product animation (spec section 4: at most 1.5 s): a copy of the product's picture
// drops from where it was toward the floating shopping-list button, which then bumps. With
// prefers-reduced-motion, or with nothing to fly from or to, the button simply bumps.
import { bumpCartButton } from '../shell/cart-button-store.js';

export const FALL_MS = 900;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function dropIntoCart(from: Element | null | undefined): void {
  const target = document.querySelector('[data-cart-button]');
  const source = from?.querySelector('[data-product-image]') ?? from;
  if (!source || !target || prefersReducedMotion() || typeof source.animate !== 'function') {
    bumpCartButton();
    return;
  }
  const start = source.getBoundingClientRect();
  const end = target.getBoundingClientRect();
  const ghost = source.cloneNode(true) as HTMLElement;
  ghost.removeAttribute('data-product-image');
  ghost.setAttribute('aria-hidden', 'true');
  Object.assign(ghost.style, {
    position: 'fixed',
    left: `${start.left}px`,
    top: `${start.top}px`,
    width: `${start.width}px`,
    height: `${start.height}px`,
    margin: '0',
    zIndex: '70',
    pointerEvents: 'none',
  });
  document.body.appendChild(ghost);
  const dx = end.left + end.width / 2 - (start.left + start.width / 2);
  const dy = end.top + end.height / 2 - (start.top + start.height / 2);
  const animation = ghost.animate(
    [
      { transform: 'translate(0, 0) scale(1)', opacity: 1 },
      { transform: `translate(${dx * 0.3}px, ${dy * 0.15 - 40}px) scale(0.8)`, opacity: 1, offset: 0.3 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.25)`, opacity: 0.6 },
    ],
    { duration: FALL_MS, easing: 'cubic-bezier(0.5, 0, 0.75, 0)' },
  );
  const finish = () => {
    ghost.remove();
    bumpCartButton();
  };
  animation.onfinish = finish;
  animation.oncancel = finish;
}
