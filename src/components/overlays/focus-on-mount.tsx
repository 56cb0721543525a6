// A confirmation's text. The modal manager swaps the open modal's content instead of opening a
// new dialog, so nothing moves focus into it: this does, onto the safe choice.
import { Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

export function FocusOnMount({ targetId, children }: { targetId: string; children: ReactNode }) {
  useEffect(() => {
    document.getElementById(targetId)?.focus();
  }, [targetId]);
  return <Text>{children}</Text>;
}
