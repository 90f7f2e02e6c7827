import { Link } from '@mantine/tiptap';
import StarterKit from '@tiptap/starter-kit';
import RichTextInput from '../../../kit/rich-text-input';
import { VariableMenu } from './variable-menu';

/** What email clients render: headings, emphasis, lists, links. */
const EMAIL_TEXT = [
  StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false, heading: { levels: [2, 3] } }),
  Link,
];

/** A text field of a block: its label, value and the server's error for it. */
export interface BlockFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * A block's rich text, with the variables' picker in its toolbar inserting `{{ name }}` at the caret.
 * The server sanitizes it.
 */
export function BlockRichText(field: BlockFieldProps) {
  return (
    <RichTextInput
      {...field}
      extensions={EMAIL_TEXT}
      marks={['bold', 'italic', 'underline']}
      quotes={false}
      controls={(editor) => <VariableMenu onPick={(name) => editor?.chain().focus().insertContent(`{{ ${name} }}`).run()} />}
    />
  );
}
