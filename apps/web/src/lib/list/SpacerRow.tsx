/**
 * A table row standing in for the rows of a virtualised list that are out of view: their height, no
 * content, hidden from screen readers (which learn the full size from aria-rowcount). Nothing when empty.
 */
export function SpacerRow({ height, span }: { height: number; span: number }) {
  return height > 0 ? (
    <tr aria-hidden="true" role="presentation" className="vitrine-spacer">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  ) : null;
}
