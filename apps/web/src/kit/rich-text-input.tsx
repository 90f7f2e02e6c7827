import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import type { Editor, Extensions } from '@tiptap/react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId } from 'react';

export interface RichTextInputProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  /** The editor's extensions (default: the starter kit and links). */
  extensions?: Extensions;
  /** The inline marks the toolbar offers, in order. */
  marks?: (keyof typeof MARKS)[];
  /** Whether the toolbar offers block quotes. */
  quotes?: boolean;
  /** More toolbar controls, given the editor (e.g. a picker that inserts text at the caret). */
  controls?: (editor: Editor | null) => ReactNode;
}

const MARKS = {
  bold: RichTextEditor.Bold,
  italic: RichTextEditor.Italic,
  strikethrough: RichTextEditor.Strikethrough,
  underline: RichTextEditor.Underline,
};
const DEFAULT_EXTENSIONS: Extensions = [StarterKit.configure({ link: false }), Link];

/** Rich text (HTML) with a toolbar; loaded only by forms that have such a field. */
export default function RichTextInput(props: RichTextInputProps) {
  const { label, value, onChange, onBlur, error, description, required } = props;
  const { extensions = DEFAULT_EXTENSIONS, marks = ['bold', 'italic', 'strikethrough'], quotes = true, controls } = props;
  const id = useId();
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  // A value set from outside (a record loaded after mount).
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <Input.Wrapper label={label} labelProps={{ id: `${id}-label` }} error={error} description={description} required={required}>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            {marks.map((mark) => {
              const Mark = MARKS[mark];
              return <Mark key={mark} />;
            })}
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            {quotes && <RichTextEditor.Blockquote />}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          {controls?.(editor)}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
