import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import { PlanChangeNotice } from './plan-change-notice';

describe('back on /account/billing from PayPal', () => {
  it('says PayPal has the approval, and when the new plan and price come', () => {
    renderScreen(<PlanChangeNotice />, { url: '/account/billing?plan_change=approved&token=I-1' });
    expect(
      screen.getByText(
        'PayPal has your approval. Your new plan shows here as soon as PayPal confirms it, and its price starts at your next payment.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing changed when the buyer left PayPal without approving', () => {
    renderScreen(<PlanChangeNotice />, { url: '/account/billing?plan_change=cancelled&token=I-1' });
    expect(
      screen.getByText(
        'You left PayPal without approving, so your plan has not changed and nothing more is charged.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing on a plain visit', () => {
    renderScreen(<PlanChangeNotice />, { url: '/account/billing' });
    expect(screen.queryByText(/PayPal/)).not.toBeInTheDocument();
  });
});
