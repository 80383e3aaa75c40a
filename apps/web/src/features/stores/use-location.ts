// The device location for the 'Near me' tab. The tabs show only while location is available:
// the browser has the API and the shopper has not refused it. Asking happens when the tab is
// chosen (or at once when permission was already given), and a failure hides the tabs again.
import { useCallback, useEffect, useState } from 'react';
import type { Coordinates } from './geo.js';

export type LocationState =
  | { status: 'unavailable' }
  /** The browser has location but it was refused: the tabs go, and the screen says why. */
  | { status: 'refused' }
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; here: Coordinates };

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

async function permissionState(): Promise<PermissionState | 'unknown'> {
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    return 'unknown';
  }
}

export function useLocation(): { location: LocationState; locate(): void } {
  const [location, setLocation] = useState<LocationState>(() =>
    hasGeolocation() ? { status: 'idle' } : { status: 'unavailable' },
  );

  const locate = useCallback(() => {
    if (!hasGeolocation()) return;
    setLocation((current) => (current.status === 'located' ? current : { status: 'locating' }));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setLocation({ status: 'located', here: { latitude: coords.latitude, longitude: coords.longitude } }),
      (error) => setLocation({ status: error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  }, []);

  useEffect(() => {
    if (!hasGeolocation()) return;
    let live = true;
    void permissionState().then((state) => {
      if (!live) return;
      if (state === 'denied') setLocation({ status: 'refused' });
      else if (state === 'granted') locate();
    });
    return () => {
      live = false;
    };
  }, [locate]);

  return { location, locate };
}
