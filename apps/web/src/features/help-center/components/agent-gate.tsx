import { LockKeyhole, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { useAuth, useLoginDialog } from '@/features/auth';

function GateCard({
  icon,
  title,
  text,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12">
      <div data-testid={testId} className="rounded-3xl border border-ink/10 bg-white p-8 text-center shadow-soft">
        <span
          aria-hidden
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-rose-50 text-rose-700"
        >
          {icon}
        </span>
        <h1 className="mt-4 font-display text-2xl text-ink">{title}</h1>
        <p className="mt-2 text-ink-soft">{text}</p>
        <div className="mt-6 flex justify-center">{children}</div>
      </div>
    </section>
  );
}

/** Shows the console to agents only: a visitor is asked to sign in, anyone else is told it is not for them. */
export function AgentGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('help');
  const { isLoggedIn, user } = useAuth();
  const { openLoginDialog } = useLoginDialog();

  if (!isLoggedIn) {
    return (
      <GateCard
        testId="agent-sign-in"
        icon={<LockKeyhole className="size-7" />}
        title={t('agent.signInTitle')}
        text={t('agent.signInText')}
      >
        <Button
          data-testid="agent-sign-in-button"
          onClick={() => openLoginDialog('login', { redirectTo: '/help-center/agent' })}
        >
          {t('agent.signIn')}
        </Button>
      </GateCard>
    );
  }
  if (user?.role !== 'agent') {
    return (
      <GateCard
        testId="agent-forbidden"
        icon={<ShieldAlert className="size-7" />}
        title={t('agent.forbiddenTitle')}
        text={t('agent.forbiddenText')}
      >
        <Link to="/help-center" className={buttonClass('secondary')}>
          {t('agent.goToHelp')}
        </Link>
      </GateCard>
    );
  }
  return children;
}
