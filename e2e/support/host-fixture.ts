import { apiCall, paidOrder, type E2eAlbum } from './album-fixture.js';

/** A second, unpaid order for the album's host, so the orders tab shows the complete-payment link. */
export async function addPendingOrder(baseUrl: string, album: E2eAlbum) {
  const token = album.host.session.access_token;
  const plans = (
    await apiCall<{ data: { priceId: string; metadata: { tier: string | null } }[] }>(
      baseUrl,
      '/api/stripe/products?type=one_time',
    )
  ).data;
  const plan = plans.find((product) => product.metadata.tier === 'plus')!;
  const customer = (
    await apiCall<{ data: { id: string } }>(baseUrl, '/api/stripe/customers', {
      body: { email: album.host.email },
      token,
    })
  ).data;
  await apiCall(baseUrl, '/api/stripe/create-checkout-session', {
    token,
    body: {
      priceId: [plan.priceId],
      customerId: customer.id,
      successUrl: `${baseUrl}/album/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${baseUrl}/checkout/step/3`,
    },
  });
}

/**
 * A paid Plus order whose customization has its required fields, and the personalization draft the
 * web app keeps for it: the summary is one step away from "Crear mi álbum".
 */
export async function orderReadyToFinalize(baseUrl: string) {
  const { host, orderId } = await paidOrder(baseUrl, 'plus');
  const token = host.session.access_token;
  const customizationId = (
    await apiCall<{ data: { id: string } }>(baseUrl, '/api/customizations/start', { body: { orderId }, token })
  ).data.id;
  const values = {
    event_name: 'Boda de Ana y Luis',
    event_date: '2027-06-12',
    event_location: 'Hacienda San Gabriel, Oaxaca',
    font_type: 'Georgia',
  };
  await apiCall(baseUrl, `/api/customizations/${customizationId}`, { method: 'PATCH', token, body: values });
  const draft = {
    orderId,
    customizationId,
    confirmed: {
      eventName: values.event_name,
      eventDescription: '',
      eventDate: values.event_date,
      eventLocation: values.event_location,
      coverImageUrl: '',
      fontStyle: 'Georgia',
      musicStyle: '',
      singlesFeature: false,
    },
    shown: ['eventName', 'eventDate', 'eventLocation', 'fontStyle'],
  };
  return { host, draft };
}
