/** Flows: multi-step scenarios with references and expectations. No vscode: the CLI and the Test Explorer run the same code. */
export { describeFlowProblem, parseFlowText, parseRequestFileAsFlow, MAX_STEPS, type Flow, type FlowParse, type FlowProblem, type FlowStep } from './flow';
export { flowSendSession, runFlow, type FlowResult, type FlowRunOptions, type StepResult, type StepStatus } from './runner';
export { checkExpectations, redactFailure, type ExpectationFailure } from './expectations';
export { needsInbox, type FlowInbox } from './notificationExpectation';
// The one bound on flow and request files, judged before a file is read: its home is the JSON file layer, below every door.
export { MAX_INPUT_FILE_BYTES, oversizeProblem, oversizeTextProblem } from '../json/fileText';
