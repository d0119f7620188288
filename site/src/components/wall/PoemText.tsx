interface Props {
  text: string;
  language: string;
  className?: string;
  testId?: string;
}

/**
 * A poem as its poet wrote it: line breaks and spacing kept (pre-wrap), any script, each line in its own
 * direction (dir="auto" with plaintext bidi, so an English line in an Arabic poem reads left to right).
 * React writes the words as text: markup in a poem stays visible characters, never HTML.
 */
export default function PoemText({ text, language, className = 'text-lg', testId }: Props) {
  return (
    <div
      dir="auto"
      lang={language}
      className={`font-serif leading-relaxed break-words whitespace-pre-wrap text-start [unicode-bidi:plaintext] ${className}`}
      data-testid={testId}
    >
      {text}
    </div>
  );
}
