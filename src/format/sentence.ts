/**
 * A text the workbench does not write itself (an error's message from Node or a library, such as
 * "connect ECONNREFUSED 127.0.0.1:9") made to start a toast as a sentence. Only a plain lower-case
 * first word is capitalised: a field path (order.amount), an id (orderId) or a name spelt in its
 * own way (cURL) is quoted as it is.
 */
export function sentenceStart(text: string): string {
  return /^[a-z]+(?=$|[\s,;:!?])/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
