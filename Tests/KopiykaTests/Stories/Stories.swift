import Testing

/// Every story and scenario test, one at a time: each starts bots of its own (in process or as
/// a process), and a test run already keeps both cores busy; serialized, they cost the run
/// no wall time (they finish long before `ConversationFuzzTests`) and starve nothing.
@Suite(.serialized) enum Stories {}
