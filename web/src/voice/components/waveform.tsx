import { useEffect, useRef } from 'react';
import { styled, useTheme } from 'styled-components';

/** Spec section 9: the waveform's canvas is at most 8000 px wide and draws purple bars. */
const MAX_CANVAS_WIDTH = 8000;
const BARS = 48;
/** A new bar about every 80 ms. */
const FRAME_MS = 80;

const Canvas = styled.canvas`
  display: block;
  width: 100%;
  height: 64px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/**
 * The microphone's loudness as purple bars scrolling from the right while recording; flat when paused.
 * Decorative: the timer and the state beside it say what is happening.
 */
export function Waveform({ analyser, active }: { analyser: AnalyserNode | null; active: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const samples = new Uint8Array(analyser?.fftSize ?? 256);
    // The last BARS levels, newest on the right: the recording's loudness scrolling by.
    const history: number[] = Array.from({ length: BARS }, () => 0);
    let frame = 0;
    let drawn = 0;
    const draw = (now: number) => {
      frame = window.requestAnimationFrame(draw);
      if (now - drawn < FRAME_MS) return;
      drawn = now;
      const width = Math.min(MAX_CANVAS_WIDTH, Math.max(1, Math.round(canvas.clientWidth * window.devicePixelRatio)));
      const height = Math.max(1, Math.round(canvas.clientHeight * window.devicePixelRatio));
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      let level = 0;
      if (analyser && active) {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      }
      history.shift();
      history.push(level);
      context.clearRect(0, 0, width, height);
      context.fillStyle = theme.colors.primary;
      const step = width / BARS;
      history.forEach((value, bar) => {
        const barHeight = Math.max(2 * window.devicePixelRatio, value * height * 0.9);
        context.fillRect(bar * step + step * 0.2, (height - barHeight) / 2, step * 0.6, barHeight);
      });
    };
    frame = window.requestAnimationFrame(draw);
    return () => window.cancelAnimationFrame(frame);
  }, [analyser, active, theme]);

  return <Canvas ref={canvasRef} aria-hidden="true" data-testid="waveform" />;
}
