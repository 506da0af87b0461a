// The payment result page for the route table, loaded lazily.
export const loadPaymentResultRoute = async () => ({
  Component: (await import('./components/payment-result-page')).PaymentResultPage,
});
