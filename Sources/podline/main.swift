import PodlineCLI
PodlineCommand.launch()
