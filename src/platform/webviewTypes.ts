/** The webview panels' view types: the activation bundle registers their serializers, the feature bundle opens them. */
export const FORM_VIEW_TYPE = 'paymentWorkbench.form';
export const RESPONSE_VIEW_TYPE = 'paymentWorkbench.response';
