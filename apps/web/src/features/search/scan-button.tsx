// The barcode scan button: asks for the camera first (a refusal is ignored silently), then opens
// the full-screen scanner, which is code-split so the decoder is not in the first load.
import { ScanBarcode } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { openRearCamera } from './scanner/open-camera.js';

const BarcodeScanner = lazy(() => import('./scanner/barcode-scanner.js'));

export function ScanButton({ onScanned }: { onScanned(text: string): void }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  return (
    <>
      <button
        type="button"
        aria-label="Scan barcode"
        onClick={async () => setStream(await openRearCamera())}
        className="flex size-11 shrink-0 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
      >
        <ScanBarcode aria-hidden="true" className="size-5" />
      </button>
      {stream && (
        <Suspense fallback={null}>
          <BarcodeScanner
            stream={stream}
            onClose={() => setStream(null)}
            onDetected={(text) => {
              setStream(null);
              onScanned(text);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
