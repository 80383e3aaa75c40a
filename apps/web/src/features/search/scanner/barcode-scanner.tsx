// The full-screen camera (loaded on demand): the live picture, a torch toggle where the camera
// has one, and Cancel. The first barcode decoded is handed back and the camera closes.
import { Flashlight, FlashlightOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Overlay } from '../../../components/ui/overlay.js';
import { startGrabbing } from './frame-grabber.js';
import { setTorch, stopCamera, supportsTorch } from './open-camera.js';

export interface BarcodeScannerProps {
  stream: MediaStream;
  onDetected(text: string): void;
  onClose(): void;
}

export default function BarcodeScanner({ stream, onDetected, onClose }: BarcodeScannerProps) {
  const [torchOn, setTorchOn] = useState(false);
  const track = stream.getVideoTracks()[0];
  const hasTorch = supportsTorch(track);
  // The latest callback, without restarting the camera when the parent re-renders.
  const detected = useRef(onDetected);
  detected.current = onDetected;

  // The Radix portal mounts its content after the first commit, so the video arrives by a callback ref.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => () => stopCamera(stream), [stream]);
  useEffect(() => {
    if (!video) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return startGrabbing(video, (text) => detected.current(text));
  }, [stream, video]);

  const torch = hasTorch && track && (
    <button
      type="button"
      aria-label="Torch"
      aria-pressed={torchOn}
      onClick={() => {
        setTorchOn(!torchOn);
        void setTorch(track, !torchOn).catch(() => setTorchOn(torchOn));
      }}
      className="flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
    >
      {torchOn ? (
        <FlashlightOff aria-hidden="true" className="size-5" />
      ) : (
        <Flashlight aria-hidden="true" className="size-5" />
      )}
    </button>
  );

  return (
    <Overlay
      open
      onOpenChange={(open) => !open && onClose()}
      title="Scan barcode"
      closeLabel="Close camera"
      actions={torch}
    >
      <div className="flex h-full flex-col bg-black">
        <div className="relative min-h-0 flex-1">
          <video
            ref={setVideo}
            muted
            playsInline
            autoPlay
            className="absolute inset-0 size-full object-cover"
          />
          <div
            aria-hidden="true"
            className="absolute inset-x-8 top-1/2 h-40 -translate-y-1/2 rounded-2xl border-4 border-white/80"
          />
        </div>
        <p className="bg-black px-4 py-3 text-center text-white">Point the camera at a barcode.</p>
        <div className="bg-black px-4 pt-1 pb-[calc(1rem+var(--spacing-safe-bottom))]">
          <Button variant="secondary" className="w-full" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Overlay>
  );
}
