import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { SettingRow, SettingRows } from './setting-row';

function Row({ title, action }: { title: string; action: string }) {
  return (
    <SettingRow title={title} state={`${title} is off.`} action={action} content={<p>{title} list</p>}>
      {(close) => (
        <>
          <label>
            {title} code
            <input />
          </label>
          <Button onClick={close}>Cancel</Button>
        </>
      )}
    </SettingRow>
  );
}

describe('SettingRow', () => {
  it('is a region named by its title that says its state and shows its content, its form closed', () => {
    render(<Row title="Alarm" action="Set the alarm" />);
    const row = screen.getByRole('region', { name: 'Alarm' });
    expect(row).toHaveTextContent('Alarm is off.');
    expect(screen.getByText('Alarm list')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alarm', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set the alarm' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Alarm code')).not.toBeInTheDocument();
  });

  it('opens its form on the action, focus on the first field, and closes it, focus back on the action', async () => {
    render(<Row title="Alarm" action="Set the alarm" />);
    await userEvent.click(screen.getByRole('button', { name: 'Set the alarm' }));
    expect(screen.getByLabelText('Alarm code')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Set the alarm' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Alarm code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set the alarm' })).toHaveFocus();
  });

  it('works from the keyboard alone', async () => {
    render(<Row title="Alarm" action="Set the alarm" />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Set the alarm' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('1234');
    expect(screen.getByLabelText('Alarm code')).toHaveValue('1234');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Set the alarm' })).toHaveFocus();
  });

  it('among rows, keeps one form open at a time', async () => {
    render(
      <SettingRows>
        <Row title="Alarm" action="Set the alarm" />
        <Row title="Lights" action="Set the lights" />
      </SettingRows>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Set the alarm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set the lights' }));
    expect(screen.getByLabelText('Lights code')).toHaveFocus();
    expect(screen.queryByLabelText('Alarm code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set the alarm' })).toBeInTheDocument();
  });
});
