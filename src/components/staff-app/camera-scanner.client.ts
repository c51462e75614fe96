'use client';

/**
 * Reads QR codes from the phone's rear camera: the browser's own BarcodeDetector where it has one
 * (Chrome on Android), else ZXing decoding video frames on a canvas (iOS Safari, desktop Linux).
 * ZXing is loaded only here, on the first scan without a native detector.
 */
export type Scanner = { stop(): void };

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?(): Promise<string[]>;
};

const FRAME_INTERVAL_MS = 150;

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<Detector> {
  const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource, DecodeHintType } =
    await import('@zxing/library');
  const reader = new QRCodeReader();
  const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    async detect(source) {
      const video = source as HTMLVideoElement;
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return [];
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const luminance = new Uint8ClampedArray(width * height);
      for (let i = 0, j = 0; i < data.length; i += 4, j++) {
        luminance[j] = (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
      }
      try {
        const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
        return [{ rawValue: reader.decode(bitmap, hints).getText() }];
      } catch {
        return []; // no QR code in this frame
      } finally {
        reader.reset();
      }
    },
  };
}

export async function createScanner(video: HTMLVideoElement, onCode: (code: string) => void): Promise<Scanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
  video.srcObject = stream;
  await video.play();
  const detector = (await nativeDetector()) ?? (await zxingDetector());
  let stopped = false;
  let timer = 0;
  const loop = async () => {
    if (stopped) return;
    if (video.readyState >= 2) {
      try {
        const [found] = await detector.detect(video);
        if (found?.rawValue && !stopped) onCode(found.rawValue);
      } catch {
        // A frame the detector could not read: try the next one.
      }
    }
    if (!stopped) timer = window.setTimeout(() => void loop(), FRAME_INTERVAL_MS);
  };
  void loop();
  return {
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
