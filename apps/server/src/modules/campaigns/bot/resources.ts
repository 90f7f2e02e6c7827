import { z } from 'zod';
import { defineResource, noWrites } from '../../../kernel/resources';
import { campaignBotConversations, campaignBotMessages, campaignBotRules } from '../tables';

/** Keyword auto-replies to inbound WhatsApp messages; a hand-off rule passes the conversation to a person. */
export const botRulesResource = defineResource({
  path: 'campaigns/bot-rules',
  module: 'campaigns',
  table: campaignBotRules,
  label: { singular: 'Bot rule', plural: 'Bot rules' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    keywords: () => z.array(z.string().trim().min(1).max(80)).min(1, 'Give at least one keyword').max(30),
    reply: (s) => s.max(4096),
    priority: () => z.number().int().min(0).max(10_000),
  },
  list: { search: ['name'], filters: ['active', 'handOff'], sort: ['name', 'priority'] },
  fields: {
    keywords: { help: 'Any of these words in the message (case and accents aside)' },
    match: {
      label: 'Match',
      options: { word: { label: 'As a word' }, exact: { label: 'The whole message' }, contains: { label: 'Anywhere in the text' } },
    },
    reply: { label: 'Reply', widget: 'textarea', help: 'Sent at once (inside the 24-hour window the message opened)' },
    handOff: { label: 'Hand off to a person', help: 'The bot stops answering this conversation and the admins are notified' },
    priority: { help: 'Lower first when several rules match' },
  },
  ui: { title: 'name', columns: ['name', 'keywords', 'match', 'handOff', 'active', 'priority'] },
  examples: [
    { name: 'Opening hours', keywords: ['hours', 'open', 'timings'], reply: 'We are open 10:00–19:00, Monday to Saturday.', priority: 10 },
    {
      name: 'Talk to a person',
      keywords: ['agent', 'human', 'person'],
      reply: 'A colleague will answer you here shortly.',
      handOff: true,
      priority: 1,
    },
  ],
});

/** WhatsApp conversations: who answers each (the bot or a person), its last message, unread count. */
export const botConversationsResource = defineResource({
  path: 'campaigns/bot-conversations',
  module: 'campaigns',
  table: campaignBotConversations,
  label: { singular: 'WhatsApp conversation', plural: 'WhatsApp conversations' },
  operations: { create: false, update: false, delete: true },
  list: { search: ['waId', 'name'], filters: ['state', 'lastMessageAt'], sort: ['lastMessageAt'] },
  fields: {
    waId: { label: 'Number' },
    state: {
      options: {
        bot: { label: 'Bot', color: 'blue' },
        handed_off: { label: 'Waiting for a person', color: 'yellow' },
        closed: { color: 'gray' },
      },
    },
    handOffReason: { label: 'Hand-off' },
  },
  ui: { title: 'name', columns: ['lastMessageAt', 'name', 'waId', 'state', 'lastMessage', 'unread'] },
  examples: [],
});

/** The messages of the conversations, both ways. */
export const botMessagesResource = defineResource({
  path: 'campaigns/bot-messages',
  module: 'campaigns',
  table: campaignBotMessages,
  label: { singular: 'WhatsApp message', plural: 'WhatsApp messages' },
  operations: noWrites,
  list: { filters: ['conversationId', 'direction', 'status', 'createdAt'] },
  fields: { conversationId: { label: 'Conversation' } },
  ui: { title: 'text', columns: ['createdAt', 'direction', 'author', 'text', 'status'] },
  examples: [],
});
