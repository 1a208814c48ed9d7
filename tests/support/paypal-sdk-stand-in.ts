/**
 * A stand-in for PayPal's JS SDK (`<script src="PAYPAL_SDK_URL?client-id=…&vault=true&intent=subscription">`),
 * implementing the part of the v5 Buttons API the app uses:
 * `paypal.Buttons({ createSubscription, onApprove, onCancel, onError }).render(element)`.
 * It renders a real button; a click walks createSubscription → approval at the stand-in → onApprove
 * ({ subscriptionID }). The stand-in's `declineNextApproval()` makes the buyer close the window (onCancel).
 */
export function sdkScript(base: string): string {
  return `(() => {
  const base = ${JSON.stringify(base)};
  const script = document.currentScript;
  const query = new URL(script ? script.src : base).searchParams;
  function Buttons(options) {
    options = options || {};
    return {
      isEligible: () => true,
      render(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) return Promise.reject(new Error('paypal.Buttons: render target not found'));
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('aria-label', 'Subscribe with PayPal');
        button.dataset.clientId = query.get('client-id') || '';
        button.addEventListener('click', async () => {
          button.disabled = true;
          try {
            const subscriptionID = await options.createSubscription({}, { subscription: {} });
            const approval = await fetch(base + '/stand-in/subscriptions/' + encodeURIComponent(subscriptionID) + '/approve', { method: 'POST' });
            const outcome = await approval.json();
            if (outcome.declined) { if (options.onCancel) await options.onCancel({}); }
            else if (!approval.ok) throw new Error(outcome.message || 'approval failed');
            else await options.onApprove({ subscriptionID, orderID: outcome.ba_token, facilitatorAccessToken: 'A21AA-stand-in' }, {});
          } catch (error) {
            if (options.onError) options.onError(error); else console.error(error);
          } finally {
            button.disabled = false;
          }
        });
        host.appendChild(button);
        return Promise.resolve();
      },
    };
  }
  window.paypal = { Buttons, version: '5.0.0-stand-in' };
})();
`;
}
