/**
 * A state badge that never cuts its name (issue 31: 审核通过 and 审核不通过 both read 审… in a
 * narrow column and differed only by colour). Mantine's badge ellipsizes its label when the cell
 * squeezes it; this one keeps its whole width (the column grows instead) and still names itself
 * in a tooltip, for a screen that clips it anyway.
 */
import { Badge, Tooltip, type BadgeProps } from '@mantine/core';

const WHOLE = { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } as const;

export function StateBadge({ name, color, variant = 'light', ...rest }: { name: string | null | undefined; color: string } & Omit<BadgeProps, 'children' | 'color'>) {
  const text = name ?? '';
  return (
    <Tooltip label={text} disabled={!text} withinPortal>
      <Badge variant={variant} color={color} title={text} styles={WHOLE} {...rest}>{text}</Badge>
    </Tooltip>
  );
}
