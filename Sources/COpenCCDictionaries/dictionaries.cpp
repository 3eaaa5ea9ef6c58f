// Reads an OpenCC configuration's structure and dictionaries through OpenCC's C++ API
// (see include/novel_opencc_dictionaries.h).

#include "novel_opencc_dictionaries.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <vector>

#include <opencc/Config.hpp>
#include <opencc/Conversion.hpp>
#include <opencc/ConversionChain.hpp>
#include <opencc/Converter.hpp>
#include <opencc/Dict.hpp>
#include <opencc/DictEntry.hpp>
#include <opencc/DictGroup.hpp>
#include <opencc/Exception.hpp>
#include <opencc/Lexicon.hpp>
#include <opencc/MaxMatchSegmentation.hpp>

namespace {

struct Dictionary {
    std::vector<std::string> keys;
    std::vector<std::string> values;
};

} // namespace

struct novel_opencc_dictionaries {
    std::vector<Dictionary> dictionaries;
    std::vector<std::vector<size_t>> stages;
    // Each OpenCC dictionary read once, however many stages use it.
    std::map<const opencc::Dict *, size_t> seen;

    // `dict`'s leaves in the order a group tries them: a group within a group matches as its first
    // matching member, so flattening keeps OpenCC's choice.
    void addLeaves(const opencc::DictPtr &dict, std::vector<size_t> &stage) {
        if (auto group = std::dynamic_pointer_cast<opencc::DictGroup>(dict)) {
            for (const auto &member : group->GetDicts()) addLeaves(member, stage);
            return;
        }
        auto known = seen.find(dict.get());
        if (known != seen.end()) {
            stage.push_back(known->second);
            return;
        }
        Dictionary read;
        auto lexicon = dict->GetLexicon();
        read.keys.reserve(lexicon->Length());
        read.values.reserve(lexicon->Length());
        for (const auto &entry : *lexicon) {
            read.keys.push_back(entry->Key());
            read.values.push_back(entry->GetDefault());
        }
        dictionaries.push_back(std::move(read));
        seen[dict.get()] = dictionaries.size() - 1;
        stage.push_back(dictionaries.size() - 1);
    }
};

static char *copied(const char *message) {
    size_t length = std::strlen(message);
    char *copy = static_cast<char *>(std::malloc(length + 1));
    if (copy != nullptr) std::memcpy(copy, message, length + 1);
    return copy;
}

extern "C" novel_opencc_dictionaries *novel_opencc_dictionaries_open(const char *config, char **error) {
    if (error != nullptr) *error = nullptr;
    try {
        opencc::Config loader;
        opencc::ConverterPtr converter = loader.NewFromFile(config);
        auto segmentation = std::dynamic_pointer_cast<opencc::MaxMatchSegmentation>(converter->GetSegmentation());
        if (!segmentation) {
            if (error != nullptr) *error = copied("its segmentation is not OpenCC's maximum matching (mmseg)");
            return nullptr;
        }
        auto made = new novel_opencc_dictionaries();
        made->stages.emplace_back();
        made->addLeaves(segmentation->GetDict(), made->stages.back());
        for (const auto &conversion : converter->GetConversionChain()->GetConversions()) {
            made->stages.emplace_back();
            made->addLeaves(conversion->GetDict(), made->stages.back());
        }
        return made;
    } catch (const opencc::Exception &exception) {
        if (error != nullptr) *error = copied(exception.what());
    } catch (const std::exception &exception) {
        if (error != nullptr) *error = copied(exception.what());
    } catch (...) {
        if (error != nullptr) *error = copied("OpenCC could not load it");
    }
    return nullptr;
}

extern "C" void novel_opencc_dictionaries_close(novel_opencc_dictionaries *dictionaries) {
    delete dictionaries;
}

extern "C" size_t novel_opencc_dictionaries_count(const novel_opencc_dictionaries *dictionaries) {
    return dictionaries->dictionaries.size();
}

extern "C" size_t novel_opencc_dictionaries_entry_count(const novel_opencc_dictionaries *dictionaries, size_t dictionary) {
    if (dictionary >= dictionaries->dictionaries.size()) return 0;
    return dictionaries->dictionaries[dictionary].keys.size();
}

extern "C" int novel_opencc_dictionaries_entry(
    const novel_opencc_dictionaries *dictionaries, size_t dictionary, size_t entry,
    const char **key, size_t *key_length, const char **value, size_t *value_length) {
    if (dictionary >= dictionaries->dictionaries.size()) return 0;
    const Dictionary &read = dictionaries->dictionaries[dictionary];
    if (entry >= read.keys.size()) return 0;
    *key = read.keys[entry].data();
    *key_length = read.keys[entry].size();
    *value = read.values[entry].data();
    *value_length = read.values[entry].size();
    return 1;
}

extern "C" size_t novel_opencc_dictionaries_stage_count(const novel_opencc_dictionaries *dictionaries) {
    return dictionaries->stages.size();
}

extern "C" size_t novel_opencc_dictionaries_stage_size(const novel_opencc_dictionaries *dictionaries, size_t stage) {
    if (stage >= dictionaries->stages.size()) return 0;
    return dictionaries->stages[stage].size();
}

extern "C" size_t novel_opencc_dictionaries_stage_dictionary(
    const novel_opencc_dictionaries *dictionaries, size_t stage, size_t position) {
    if (stage >= dictionaries->stages.size() || position >= dictionaries->stages[stage].size()) return static_cast<size_t>(-1);
    return dictionaries->stages[stage][position];
}
