// Decodes one camera frame (a JPEG blob) with zxing-wasm. The .wasm is served by Kete itself:
// the default would fetch it from a CDN, which the Content-Security-Policy (and no internet) forbid.
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

const options: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'],
  tryHarder: true,
  maxNumberOfSymbols: 1,
};

/** The first barcode's text in the frame, or null. */
export async function decodeFrame(frame: Blob): Promise<string | null> {
  const results = await readBarcodes(frame, options);
  return results.find((result) => result.isValid && result.text)?.text ?? null;
}
