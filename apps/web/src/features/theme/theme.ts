// The colour theme: System (follow the device), Light or Dark, kept in localStorage 'kete:theme'
// (read before first paint by public/theme-init.js). Applying it is a class on <html>; the colours
// themselves are remapped in app/styles.css.
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_KEY = 'kete:theme';
const LIGHT_BAR = '#2F6B3F';
const DARK_BAR = '#161311';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Whether a choice shows dark, given the device's own preference. */
export const isDark = (choice: ThemeChoice, deviceDark: boolean) =>
  choice === 'dark' || (choice === 'system' && deviceDark);

export function applyTheme(choice: ThemeChoice): void {
  const dark = isDark(choice, darkQuery().matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.dataset.theme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? DARK_BAR : LIGHT_BAR);
}

interface ThemeState {
  choice: ThemeChoice;
  choose(choice: ThemeChoice): void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  choice: readThemeChoice(),
  choose(choice) {
    try {
      if (choice === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, choice);
    } catch {
      // Private mode: the choice holds for this visit only.
    }
    applyTheme(choice);
    set({ choice });
  },
}));

/** Follows the device's setting while the choice is System. Call once at start. */
export function followDeviceTheme(): void {
  applyTheme(useThemeStore.getState().choice);
  darkQuery().addEventListener('change', () => applyTheme(useThemeStore.getState().choice));
}

/** Whether the page shows dark now, following both the choice and the device's own setting. */
export function useShowsDark(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const watch = new MutationObserver(changed);
      watch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      return () => watch.disconnect();
    },
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
}
