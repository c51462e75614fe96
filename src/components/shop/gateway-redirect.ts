/** The redirect form the shop API answers (`createRedirect`): the browser posts it to the gateway. */
export type GatewayForm = { action: string; method: string; fields: Record<string, string> };

/**
 * Carries the visitor to the payment gateway: a real form POST, as Redsys requires, built from the
 * signed fields our server answered (never from anything the visitor typed).
 */
export function goToGateway(gateway: GatewayForm): void {
  const form = document.createElement('form');
  form.method = gateway.method;
  form.action = gateway.action;
  for (const [name, value] of Object.entries(gateway.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
