// Random legal play of the Hanabi Learning Environment (C++), the way the
// Mythos throughput benchmark plays its envs: at every decision the
// canonical observation encoding and the legal-move list are computed, then
// a uniformly random legal move is applied; chance (dealing) is not counted.
// Prints JSON: {"decisions_per_s": ..., "encoded_values": ...}.
// With a second argument N it plays whole games until N decisions or more
// are made, whatever the time, and prints the decisions made too (for
// counting instructions a decision: benchmarks/icount/icount.sh --hle).
//
// Built by benchmarks/hle/run.sh against the HLE sources that ship inside
// OpenSpiel's wheel (none of HLE's code is in this repository).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "hanabi_game.h"
#include "hanabi_observation.h"
#include "hanabi_state.h"
#include "canonical_encoders.h"

namespace hle = hanabi_learning_env;

int main(int argc, char** argv) {
  double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
  long target = argc > 2 ? std::atol(argv[2]) : 0;  // decisions, 0: by time
  std::unordered_map<std::string, std::string> params = {{"players", "2"}, {"seed", "1"}};
  hle::HanabiGame game(params);
  hle::CanonicalObservationEncoder encoder(&game);
  std::mt19937 rng(1);
  long decisions = 0;
  long checksum = 0;
  size_t width = 0;
  auto start = std::chrono::steady_clock::now();
  auto end = start + std::chrono::duration<double>(seconds);
  while (target > 0 ? decisions < target : std::chrono::steady_clock::now() < end) {
    for (int k = 0; k < (target > 0 ? 1 : 1000); k++) {
      hle::HanabiState state(&game);
      while (!state.IsTerminal()) {
        if (state.CurPlayer() == hle::kChancePlayerId) {
          state.ApplyRandomChance();
          continue;
        }
        hle::HanabiObservation obs(state, state.CurPlayer());
        std::vector<int> enc = encoder.Encode(obs);
        width = enc.size();
        checksum += enc[decisions % enc.size()];
        std::vector<hle::HanabiMove> legal = state.LegalMoves(state.CurPlayer());
        std::uniform_int_distribution<size_t> pick(0, legal.size() - 1);
        state.ApplyMove(legal[pick(rng)]);
        decisions++;
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("{\"decisions_per_s\": %.0f, \"decisions\": %ld, \"encoded_values\": %zu, \"checksum\": %ld}\n", decisions / secs, decisions, width, checksum);
  return 0;
}
