import { useState, type CSSProperties } from 'react';

/** Spec 001 §9: about 0.25 s per word, or 0.075 s per character when revealing letters. */
export const WORD_STEP_S = 0.25;
export const CHAR_STEP_S = 0.075;

function pieceStyle(index: number, delayS: number, stepS: number): CSSProperties {
  return { animation: 'fade-in 300ms ease-out both', animationDelay: `${delayS + index * stepS}s` };
}

/**
 * Text that appears piece by piece the first time it is shown. Whether it animates is fixed
 * when the text first mounts, so marking the field shown afterwards does not cut it short.
 */
export function RevealText({
  text,
  animate,
  delayS = 0,
  by = 'word',
}: {
  text: string;
  animate: boolean;
  delayS?: number;
  by?: 'word' | 'char';
}) {
  const [animated] = useState(animate);
  if (!animated) return <>{text}</>;
  const pieces = by === 'word' ? text.split(/(\s+)/) : Array.from(text);
  const step = by === 'word' ? WORD_STEP_S : CHAR_STEP_S;
  let visible = 0;
  return (
    <>
      <span className="sr-only">{text}</span>
      <span aria-hidden>
        {pieces.map((piece, index) => {
          if (/^\s+$/.test(piece)) return piece;
          const style = pieceStyle(visible++, delayS, step);
          return (
            <span key={index} style={style} className="inline-block whitespace-pre">
              {piece}
            </span>
          );
        })}
      </span>
    </>
  );
}
