import { SettingRows } from '@/components/ui/setting-row';
import { useSubscription } from '@/lib/subscription';
import { BillingHistory } from './billing-history';
import { ChangePlanRow } from './change-plan-row';
import { PlanChangeNotice } from './plan-change-notice';
import { SubscriptionPanel } from './subscription-panel';

/**
 * What /account/billing shows (DESIGN 15), from one read of the subscription that the pushes keep current: how a
 * return from PayPal's approval page went, the subscription, its plan with 'Change plan', and the payments.
 */
export function BillingSections() {
  const read = useSubscription();
  return (
    <>
      <PlanChangeNotice subscription={read.data} />
      <SubscriptionPanel read={read} />
      {read.data?.status === 'ACTIVE' ? (
        <SettingRows>
          <ChangePlanRow subscription={read.data} />
        </SettingRows>
      ) : null}
      <BillingHistory />
    </>
  );
}
