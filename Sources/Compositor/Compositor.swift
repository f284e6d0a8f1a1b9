// Compositor
