// What /a/start, /a/switch and /logout show for their half-second: the mark and a quiet line.
import { KeteMark } from '../../components/ui/kete-mark.js';

export function Splash({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-flax-700">
      <KeteMark className="size-16 motion-safe:animate-pulse" />
      <h1 className="text-lg font-semibold text-stone-800" aria-live="polite">
        {message}
      </h1>
    </main>
  );
}
