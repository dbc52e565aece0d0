import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/**
 * Presses a menu item, then clicks it. Ark selects the highlighted item; in jsdom, after an earlier
 * test used a menu, the click's own pointerdown may not highlight it (Ark's interaction modality is
 * document-wide), so the item is pressed once before the click.
 */
export const chooseItem = async (user: User, testId: string): Promise<void> => {
  const item = screen.getByTestId(testId);
  await user.pointer({ keys: '[MouseLeft>]', target: item });
  await user.click(item);
};
