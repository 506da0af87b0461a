import { SummaryPage } from './components/summary-page';
import { WizardPage } from './components/wizard-page';

// Loaded through the route table's `lazy`, so the wizard (and its confetti) stays out of the
// first bundle that every visitor downloads.
export function Step1Route() {
  return <WizardPage key="step-1" page={1} />;
}

export function Step2Route() {
  return <WizardPage key="step-2" page={2} />;
}

export function SummaryRoute() {
  return <SummaryPage />;
}
