// Asks for the camera, preferring the rear one. A refusal (or no camera) resolves to null: the
// spec says a denial is ignored silently.
export async function openRearCamera(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  } catch {
    return null;
  }
}

export const stopCamera = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

export function supportsTorch(track: MediaStreamTrack | undefined): boolean {
  const capabilities = track?.getCapabilities?.() as TorchCapabilities | undefined;
  return capabilities?.torch === true;
}

export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
