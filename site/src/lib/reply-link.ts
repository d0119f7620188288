/** A mailto: link that answers a contact message in the admin's own mail app, quoting it. */
export function replyLink(message: { name: string; email: string; subject: string; message: string }): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const params = new URLSearchParams({ subject: `Re: ${message.subject}`, body: `Dear ${message.name},\n\n\n\n${quoted}` });
  // mailto: wants %20 for spaces, not the + of form encoding.
  return `mailto:${encodeURIComponent(message.email)}?${params.toString().replace(/\+/g, '%20')}`;
}
