import { linkify } from '@caskade/messaging/domain';

/** A message's plain text with its http(s) links clickable: text nodes and anchors only, never HTML. */
export function MessageText({ content }: { content: string }) {
  return (
    <span className="whitespace-pre-wrap wrap-anywhere">
      {linkify(content).map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="underline decoration-1 underline-offset-2">
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
