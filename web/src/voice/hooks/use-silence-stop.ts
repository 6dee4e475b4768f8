import { useEffect, useRef } from 'react';
import { frameLevel, freshSilenceWatch, watchSilence } from '../lib/silence-detector.ts';

/** How often the microphone's level is looked at. */
const SAMPLE_MS = 100;

/**
 * Hands-free: while `listening`, the analyser's level is sampled and `onSilence` is called once
 * when the person spoke and then stayed silent for `silenceSeconds`. Null seconds (hands-free off)
 * watches nothing: a pause never ends the answer.
 */
export function useSilenceStop(analyser: AnalyserNode | null, listening: boolean, silenceSeconds: number | null, onSilence: () => void): void {
  const stop = useRef(onSilence);
  stop.current = onSilence;

  useEffect(() => {
    if (!analyser || !listening || silenceSeconds === null) return;
    const samples = new Uint8Array(analyser.fftSize);
    let watch = freshSilenceWatch();
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const next = watchSilence(watch, frameLevel(samples), performance.now(), silenceSeconds * 1000);
      watch = next.watch;
      if (!next.ended) return;
      window.clearInterval(timer);
      stop.current();
    }, SAMPLE_MS);
    return () => window.clearInterval(timer);
  }, [analyser, listening, silenceSeconds]);
}
