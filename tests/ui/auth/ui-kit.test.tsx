/** The component kit the auth screens and the layout build on: dialog, toaster, progress bar, select, tabs. */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/components/button';
import { ModalDialog } from '../../../src/ui/components/dialog';
import { ProgressBar } from '../../../src/ui/components/progress-bar';
import { SimpleSelect } from '../../../src/ui/components/select';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../src/ui/components/tabs';
import { Toaster, showToast, toaster } from '../../../src/ui/components/toaster';

describe('component kit', () => {
  it('opens a modal from state, names it by its title and reports Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(
      <ModalDialog open={false} onClose={onClose} title="Invite members" closeLabel="Close" data-testid="dlg">
        <Button>Inside</Button>
      </ModalDialog>,
    );
    expect(screen.queryByTestId('dlg')).toBeNull();
    rerender(
      <ModalDialog open onClose={onClose} title="Invite members" closeLabel="Close" data-testid="dlg">
        <Button>Inside</Button>
      </ModalDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
    expect(dialog.getAttribute('data-testid')).toBe('dlg');
    // The dialog listens for Escape once it has opened (its layer and focus trap are set up after
    // the content mounts), as a person sees focus move into it: press only then.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows toasts from the toaster singleton', async () => {
    render(<Toaster closeLabel="Close" />);
    act(() => showToast('Network error'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Network error');
    act(() => toaster.remove());
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  it('draws the navigation bar only while busy, as a progressbar without a spinner', () => {
    const { rerender } = render(<ProgressBar active={false} label="Loading" />);
    expect(screen.queryByTestId('nav-progress')).toBeNull();
    rerender(<ProgressBar active label="Loading" />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
  });

  it('selects a value with the keyboard', async () => {
    // jsdom lacks scrollTo, which Ark's listbox calls to keep the highlighted option in view.
    if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <SimpleSelect
        label="Language"
        value="en"
        onValueChange={onValueChange}
        options={[
          { value: 'en', label: 'English' },
          { value: 'ar', label: 'العربية' },
        ]}
        data-testid="lang"
      />,
    );
    expect(screen.getByTestId('lang').textContent).toContain('English');
    await user.click(screen.getByTestId('lang'));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeTruthy();
    // Keys go where the focus is: wait until the opened list has it (it moves there after opening).
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('ar');
  });

  it('switches tabs', async () => {
    const user = userEvent.setup();
    render(
      <TabsRoot defaultValue="link">
        <TabsList>
          <TabsTrigger value="link">Link</TabsTrigger>
          <TabsTrigger value="email">Email</TabsTrigger>
        </TabsList>
        <TabsContent value="link">Link panel</TabsContent>
        <TabsContent value="email">Email panel</TabsContent>
      </TabsRoot>,
    );
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Email panel').hidden).toBe(false);
    await waitFor(() => expect(screen.getByText('Link panel').hidden).toBe(true));
  });
});
