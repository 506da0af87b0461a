import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { track } from '@/lib/tracking/tracking';
import { useCoverFile, useDraft } from '../hooks/draft-store';
import { usePermissions } from '../hooks/use-permissions';
import { useSaveStep } from '../hooks/use-save-step';
import { useWizardGate } from '../hooks/use-wizard-gate';
import { stepLock } from '../lib/locks';
import { backTarget, canContinue, nextTarget, parseSubStep, progressOf, type WizardPage as Page } from '../lib/steps';
import { LockedStep } from './locked-step';
import { PreviewPanel } from './preview-panel';
import { WizardError, WizardExpired, WizardLoading } from './status-screens';
import { StepBody } from './step-body';
import { WizardNav, WizardProgress } from './wizard-chrome';

function toUrl(target: { path: string; step?: string }) {
  return target.step ? `${target.path}?step=${target.step}` : target.path;
}

/** /personalization/step-1 and /personalization/step-2: the gate, then the current sub-step. */
export function WizardPage({ page }: { page: Page }) {
  const { t } = useTranslation('personalization');
  const gate = useWizardGate(page);
  useDocumentTitle(t(page === 1 ? 'titles.step1' : 'titles.step2'));

  if (gate.kind === 'redirect') return <Navigate to={gate.to} replace />;
  if (gate.kind === 'loading') return <WizardLoading />;
  if (gate.kind === 'error') return <WizardError message={gate.message} />;
  if (gate.kind === 'expired') return <WizardExpired />;
  return <Wizard page={page} customizationId={gate.customizationId} />;
}

function Wizard({ page, customizationId }: { page: Page; customizationId: string }) {
  const { t } = useTranslation('personalization');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const draft = useDraft();
  const coverFile = useCoverFile();
  const permissions = usePermissions(customizationId);
  const { save, saving, uploadPercent } = useSaveStep(customizationId, permissions.data);
  const step = parseSubStep(page, params.get('step'));
  const lock = stepLock(step, permissions.data);
  const checkingPlan = permissions.isPending && page === 2;
  const [preparingCover, setPreparingCover] = useState(false);
  const allowed = !checkingPlan && !preparingCover && canContinue(step, draft.temporary, lock !== null);

  async function onContinue() {
    if (!allowed || saving) return;
    if (await save(step, lock !== null)) navigate(toUrl(nextTarget(page, step)));
  }

  function onBack() {
    track('personalization_back', { step });
    navigate(toUrl(backTarget(page, step)));
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-20 pb-32 sm:px-6 md:grid md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-10 md:pt-10 md:pb-16 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-14">
      <aside className="max-md:hidden md:sticky md:top-28 md:self-start">
        <PreviewPanel values={draft.confirmed} shown={draft.shown} coverFile={coverFile} />
      </aside>
      <section className="min-w-0">
        <WizardProgress current={progressOf(page, step)} />
        <div key={step} data-testid="wizard-step" data-step={step} className="fade-in mt-2 md:mt-8">
          <h1 className="font-display text-3xl text-ink sm:text-4xl">{t(`steps.${step}.title`)}</h1>
          <p className="mt-2 text-ink-soft">{t(`steps.${step}.subtitle`)}</p>
          <div className="mt-6">
            {checkingPlan ? (
              <div aria-hidden className="h-32 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />
            ) : lock ? (
              <LockedStep lock={lock} />
            ) : (
              <StepBody
                step={step}
                values={draft.temporary}
                uploadPercent={uploadPercent}
                onSubmit={() => void onContinue()}
                onPreparingCover={setPreparingCover}
              />
            )}
          </div>
          <WizardNav
            onBack={onBack}
            onContinue={() => void onContinue()}
            canContinue={allowed}
            saving={saving}
            uploadPercent={uploadPercent}
            locked={lock !== null}
          />
        </div>
      </section>
    </div>
  );
}
