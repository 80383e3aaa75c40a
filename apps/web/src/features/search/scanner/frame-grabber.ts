// Every 500 ms (spec section 9) one JPEG frame of the video is decoded; a frame that fails to
// decode is ignored, and frames never pile up behind a slow decode.
import { decodeFrame } from './barcode-decoder.js';

export const CAPTURE_INTERVAL_MS = 500;

function grabJpeg(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<Blob | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return Promise.resolve(null);
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

/** Starts grabbing; calls onText once with the first decoded barcode. Returns a stop function. */
export function startGrabbing(video: HTMLVideoElement, onText: (text: string) => void): () => void {
  const canvas = document.createElement('canvas');
  let busy = false;
  let done = false;
  const timer = setInterval(async () => {
    if (busy || done) return;
    busy = true;
    try {
      const frame = await grabJpeg(video, canvas);
      const text = frame ? await decodeFrame(frame) : null;
      if (text && !done) {
        done = true;
        onText(text);
      }
    } catch {
      // One bad frame is not worth telling anyone about; the next one comes in 500 ms.
    } finally {
      busy = false;
    }
  }, CAPTURE_INTERVAL_MS);
  return () => {
    done = true;
    clearInterval(timer);
  };
}
