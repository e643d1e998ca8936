/**
 * A toast's text, whole: it wraps (a long word or address breaks anywhere rather than overflowing), so
 * what is read on screen and by a screen reader is the full message.
 */
export function NoticeMessage({ text }: { text: string }) {
  return <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text}</span>;
}
