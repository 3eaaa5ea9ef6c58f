import NovelCore
