// An application's state as a coloured badge (light: the dog's page loads it for everyone who
// applied).
import { Badge } from '@mantine/core';
import { INTEREST_STATE_LABELS, type InterestState } from '@/shared/interest-states';

/** Dark shades: white or dark text on them keeps 4.5:1 (WCAG AA) at the badge's small size. */
export const STATE_COLORS: Record<InterestState, string> = {
  new: 'blue',
  reviewing: 'indigo',
  interview: 'violet',
  approved: 'teal',
  adopted: 'green',
  declined: 'gray',
  withdrawn: 'gray',
};

export function StateBadge({ state }: { state: InterestState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {INTEREST_STATE_LABELS[state]}
    </Badge>
  );
}
