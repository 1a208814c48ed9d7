import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './paypal-stand-in-wire.js';
import type { SubscriptionsStandIn } from './paypal-stand-in-subscriptions.js';

/**
 * The buyer's side of PayPal: the approve link's page (a button that approves and goes back to the
 * subscription's return_url with `subscription_id`, `ba_token` and `token`, as PayPal does), and the approval
 * the JS SDK stand-in asks for from the page (`POST /stand-in/subscriptions/{id}/approve`, open to any origin),
 * and the revise's approve link (`/webapps/billing/subscriptions/update`): 'Agree & Update' changes the plan
 * and goes back to the revise's return_url, 'Cancel and return' changes nothing and goes to its cancel_url.
 */
export function createApprovalStandIn(subscriptions: SubscriptionsStandIn) {
  let declineNext = false;
  const pending = (id: string | null) => {
    const found = id ? subscriptions.subscriptions.get(id) : undefined;
    return found?.status === 'APPROVAL_PENDING' ? found : null;
  };
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    response.end(JSON.stringify(body));
  };

  async function fromScript(response: ServerResponse, id: string) {
    if (!pending(id))
      return json(response, 404, { message: 'No subscription awaits approval under that id.' });
    if (declineNext) {
      declineNext = false;
      return json(response, 200, { declined: true });
    }
    await subscriptions.approve(id);
    json(response, 200, { approved: true, ba_token: `BA-${id.slice(2)}` });
  }

  function page(response: ServerResponse, id: string | null) {
    const found = pending(id);
    response.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      found
        ? `<!doctype html><title>PayPal</title><form method="post"><input type="hidden" name="subscription_id" value="${found.id}"><button>Agree &amp; Subscribe</button></form>`
        : '<!doctype html><title>PayPal</title><p>This subscription cannot be approved.</p>',
    );
  }

  const revising = (id: string | null) => {
    const found = id ? subscriptions.subscriptions.get(id) : undefined;
    return found?.revision ? found : null;
  };

  function updatePage(response: ServerResponse, id: string | null) {
    const found = revising(id);
    response.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      found
        ? `<!doctype html><title>PayPal</title><h1>Change your plan</h1><form method="post"><input type="hidden" name="subscription_id" value="${found.id}"><button name="action" value="approve">Agree &amp; Update</button><button name="action" value="cancel">Cancel and return</button></form>`
        : '<!doctype html><title>PayPal</title><p>This change cannot be approved.</p>',
    );
  }

  async function fromUpdatePage(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const found = revising(form.get('subscription_id'));
    if (!found) return updatePage(response, null);
    const approved = form.get('action') === 'approve';
    const revision = approved
      ? await subscriptions.approveRevision(found.id)
      : subscriptions.declineRevision(found.id);
    const back = new URL((approved ? revision.returnUrl : revision.cancelUrl) ?? 'about:blank');
    back.searchParams.set('subscription_id', found.id);
    back.searchParams.set('ba_token', `BA-${found.id.slice(2)}`);
    response.writeHead(302, { Location: back.href }).end();
  }

  async function fromPage(request: IncomingMessage, response: ServerResponse) {
    const found = pending(new URLSearchParams(await readBody(request)).get('subscription_id'));
    if (!found) return page(response, null);
    await subscriptions.approve(found.id);
    const back = new URL(found.returnUrl ?? 'about:blank');
    back.searchParams.set('subscription_id', found.id);
    back.searchParams.set('ba_token', `BA-${found.id.slice(2)}`);
    back.searchParams.set('token', found.id);
    response.writeHead(302, { Location: back.href }).end();
  }

  return {
    declineNext() {
      declineNext = true;
    },
    route(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
      const scriptId = /^\/stand-in\/subscriptions\/([^/]+)\/approve$/.exec(url.pathname)?.[1];
      const onPage = url.pathname === '/webapps/billing/subscriptions';
      const onUpdatePage = url.pathname === '/webapps/billing/subscriptions/update';
      const fail = () => response.destroy();
      if (request.method === 'POST' && scriptId)
        fromScript(response, decodeURIComponent(scriptId)).catch(fail);
      else if (request.method === 'GET' && onPage) page(response, url.searchParams.get('subscription_id'));
      else if (request.method === 'POST' && onPage) fromPage(request, response).catch(fail);
      else if (request.method === 'GET' && onUpdatePage)
        updatePage(response, url.searchParams.get('subscription_id'));
      else if (request.method === 'POST' && onUpdatePage) fromUpdatePage(request, response).catch(fail);
      else return false;
      return true;
    },
  };
}
