import type { DraftValues } from '../lib/draft';
import type { SubStep } from '../lib/steps';
import { FontStep, SinglesStep } from './choice-steps';
import { CoverStep } from './cover-step';
import { DescriptionInput, TextStepInput } from './text-steps';

interface StepBodyProps {
  step: SubStep;
  values: DraftValues;
  uploadPercent: number | null;
  onSubmit: () => void;
  onPreparingCover: (preparing: boolean) => void;
}

/** The input of one sub-step, editing the draft's temporary copy. */
export function StepBody({ step, values, uploadPercent, onSubmit, onPreparingCover }: StepBodyProps) {
  switch (step) {
    case 'name':
      return <TextStepInput field="eventName" values={values} onSubmit={onSubmit} />;
    case 'description':
      return <DescriptionInput values={values} onSubmit={onSubmit} />;
    case 'date':
      return <TextStepInput field="eventDate" values={values} onSubmit={onSubmit} />;
    case 'location':
      return <TextStepInput field="eventLocation" values={values} onSubmit={onSubmit} />;
    case 'cover':
      return <CoverStep values={values} uploadPercent={uploadPercent} onPreparing={onPreparingCover} />;
    case 'font':
      return <FontStep values={values} />;
    case 'music':
      return <TextStepInput field="musicStyle" values={values} onSubmit={onSubmit} />;
    case 'singles':
      return <SinglesStep values={values} />;
  }
}
